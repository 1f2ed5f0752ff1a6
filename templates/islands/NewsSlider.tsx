// Latest news: one post per slide on phones, three from 768 px.
import { Slider, type SliderLabels } from './lib/Slider.tsx';
import { PostCardView, type PostCardData } from '../components/views.tsx';

export default function NewsSlider({ posts, label, labels }: { posts: PostCardData[]; label: string; labels: SliderLabels }) {
  return (
    <Slider label={label} labels={labels} perView={{ 0: 1, 768: 3 }} spaceBetween={24} className="news-slider">
      {posts.map((post) => <PostCardView key={post.href} post={post} />)}
    </Slider>
  );
}
